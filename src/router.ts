/**
 * The one door to the router library: screens and the shell import navigation from here, never from the library, so
 * the library can change without touching them. Today it re-exports react-router-dom.
 */
export { BrowserRouter, Link, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
