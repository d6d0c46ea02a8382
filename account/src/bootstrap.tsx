import { createRoot } from 'react-dom/client';
import SignInPage from './pages/SignInPage/SignInPage';

// Standalone dev mount (`pnpm --filter @storefront/account dev`): the composed site never runs this.
const el = document.getElementById('root');
if (el) createRoot(el).render(<SignInPage />);
