import { makeAutoObservable } from 'mobx';

/** What a list call answers about its pages. */
export interface PageAnswer {
  total?: number;
  per_page?: number;
}

/**
 * Where a paged back-office list stands (page, page size, total) and how to move in it: moving asks
 * the list to load again. The page size is the server's, once it has answered.
 */
export class Paging {
  page = 1;
  total = 0;

  constructor(
    public perPage: number,
    private readonly load: () => Promise<void>,
  ) {
    makeAutoObservable<Paging, 'load'>(this, { load: false }, { autoBind: true });
  }

  get pages(): number {
    return Math.max(1, Math.ceil(this.total / this.perPage));
  }

  /** Goes to `page`, kept within the pages there are. */
  goTo(page: number): Promise<void> {
    this.page = Math.min(Math.max(1, page), this.pages);
    return this.load();
  }

  /** New filters or a new search start again at page one. */
  restart(): Promise<void> {
    this.page = 1;
    return this.load();
  }

  /** Takes the total and page size of a list answer. */
  took(answer: PageAnswer | undefined): void {
    this.total = answer?.total ?? 0;
    this.perPage = answer?.per_page ?? this.perPage;
  }
}
