/** Previous / next through a paged list; nothing when it fits on one page. */
export function Pager({ page, pages, onGo }: { page: number; pages: number; onGo: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="adm-pager" aria-label="Pages">
      <button type="button" className="adm-btn adm-btn--plain" disabled={page <= 1} onClick={() => onGo(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="adm-btn adm-btn--plain" disabled={page >= pages} onClick={() => onGo(page + 1)}>
        Next
      </button>
    </nav>
  );
}
