import { createRoot } from 'react-dom/client';
import CartPage from './pages/CartPage/CartPage';

// Standalone dev mount (`pnpm --filter @storefront/cart-checkout dev`): the composed site never runs this.
const el = document.getElementById('root');
if (el) createRoot(el).render(<CartPage />);
