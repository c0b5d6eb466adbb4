/**
 * Navigation for screens and the shell: react-router-dom's own API, re-exported so that the rest of src/ imports it
 * from one place (eslint.config.js keeps it so). One exception: `Link` is the app's own plain anchor (src/link.tsx),
 * because react-router's carries prefetch and route-discovery code the app never uses.
 */
export { Link } from './link.tsx';
export {
  BrowserRouter,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
