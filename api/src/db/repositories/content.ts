import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { iso, type Clock } from '../../lib/clock';

/** Home and about content, states and cities, contact messages and newsletter subscriptions. */
export class ContentRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  banners() {
    return this.db.selectFrom('banners').select(['id', 'title', 'subtitle', 'image', 'link', 'cta']).orderBy('sort_order').execute();
  }

  homeSections() {
    return this.db.selectFrom('home_sections').select(['id', 'title', 'subtitle', 'type']).orderBy('sort_order').execute();
  }

  aboutSections() {
    return this.db.selectFrom('about_sections').select(['id', 'title', 'body', 'image']).orderBy('sort_order').execute();
  }

  banner(id: number) {
    return this.db.selectFrom('banners').select(['title', 'subtitle']).where('id', '=', id).executeTakeFirst();
  }

  aboutSection(id: number) {
    return this.db.selectFrom('about_sections').select(['title']).where('id', '=', id).executeTakeFirst();
  }

  states() {
    return this.db.selectFrom('states').select(['id', 'name']).orderBy('name').execute();
  }

  async stateExists(id: number): Promise<boolean> {
    return Boolean(await this.db.selectFrom('states').select('id').where('id', '=', id).executeTakeFirst());
  }

  cities(stateId: number) {
    return this.db.selectFrom('cities').select(['id', 'name', 'state_id']).where('state_id', '=', stateId).orderBy('name').execute();
  }

  async saveContact(m: {
    firstname: string;
    lastname: string;
    email: string;
    phone_number: string;
    subject: string;
    message: string;
    subscribe: boolean;
  }): Promise<void> {
    await this.db
      .insertInto('contact_messages')
      .values({ ...m, subscribe: m.subscribe ? 1 : 0, created_at: iso(this.clock.now()) })
      .execute();
  }

  /** Subscribes an e-mail; true when it is new, false when it was already on the list. */
  async subscribe(email: string): Promise<boolean> {
    const normalised = email.toLowerCase();
    const exists = await this.db.selectFrom('newsletter').select('id').where('email', '=', normalised).executeTakeFirst();
    if (exists) return false;
    await this.db
      .insertInto('newsletter')
      .values({ email: normalised, created_at: iso(this.clock.now()) })
      .execute();
    return true;
  }
}
