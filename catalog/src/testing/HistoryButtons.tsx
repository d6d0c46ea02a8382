import { useNavigate } from '@storefront/shared/router';

/** Browser back and forward for tests rendered in a memory router. */
export function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <div>
      <button type="button" onClick={() => void navigate(-1)}>
        History back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        History forward
      </button>
    </div>
  );
}
