/**
 * Navigation for screens and the shell: react-router-dom's own API, re-exported so that the rest of src/ imports it
 * from one place (eslint.config.js keeps it so). Nothing here imitates or wraps the library.
 */
export { BrowserRouter, Link, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
