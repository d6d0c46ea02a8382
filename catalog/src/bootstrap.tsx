import { createRoot } from 'react-dom/client';
import HomePage from './pages/HomePage/HomePage';

// Standalone dev mount (`pnpm --filter @storefront/catalog dev`): the composed site never runs this.
const el = document.getElementById('root');
if (el) createRoot(el).render(<HomePage />);
