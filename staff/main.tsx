/**
 * The staff console's entry (/staff): its own page (staff/index.html) and bundle, never loaded by a borrower route.
 *
 * Why Refine's headless core (@refinedev/core + @refinedev/react-router): it brings what a back office needs —
 * lists with filters and pagination (useTable), query caching and invalidation (react-query), an auth provider with
 * one place for "a 401 means the session ended", and access control that hides what a role cannot use — without
 * a UI kit: no component library's bytes or styles, our own desktop layout, our own forms (the engine's SchemaForm
 * with precompiled validators, as the borrower app uses), and the react-router-dom the borrower app already uses.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './app.tsx';
import { initStaffI18n } from './i18n.ts';
import './staff.css';

void initStaffI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StaffApp />
    </StrictMode>,
  );
});
