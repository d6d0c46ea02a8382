/**
 * The router, shared once. Every section takes routing from here, never from `react-router-dom`
 * directly (lint enforces it): this module is the Module Federation singleton, so there is one router
 * context in the page, and react-router-dom is an ordinary dependency of it that the build tree-shakes
 * to the names below. Shared whole, react-router-dom cost 62 KB gzip before first paint (data routers,
 * server rendering, cookies); these parts are a fraction of that. Add a name here when a section needs it.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps, NavigateFunction, SetURLSearchParams, Location } from 'react-router-dom';
