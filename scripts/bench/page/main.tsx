/** The bench page: the harness around the form this page was built for (virtual:bench-form, ours or stock). */
// First: the commit hook must exist before react-dom is evaluated.
import './commit-hook.ts';
import { createRoot } from 'react-dom/client';
import { BenchForm, form, notes } from 'virtual:bench-form';
import { name } from 'virtual:bench-step';
import { Harness } from './harness.tsx';
import { installProbe } from './probe.ts';

const api = installProbe(form, name);
api.notes.push(...notes);
const container = document.getElementById('root');
if (!container) throw new Error('no #root');
createRoot(container).render(<Harness Form={BenchForm} />);
const whenShown = () => (document.querySelector('form') ? (api.ready = true) : requestAnimationFrame(whenShown));
whenShown();
