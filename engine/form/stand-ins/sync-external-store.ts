/**
 * use-sync-external-store/shim for React 19: react-i18next imports the shim to support React 17, which lacks
 * useSyncExternalStore; on React 18 and later the shim only hands back React's own hook after a version check.
 */
export { useSyncExternalStore } from 'react';
