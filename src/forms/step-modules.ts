/**
 * The form of each information step, loaded when its route first renders: the JSON Schema (schemas/<name>.schema.json),
 * its uiSchema (schemas/<name>.ui.json) and its build-time compiled validator (schemas/compiled/<name>.js), each a
 * small chunk of its own, so a step downloads only its own form and no step's form sits in the first bundle.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { CompiledValidator } from '../../engine/validation/compiled-validator.ts';
import { preloadWidgets } from '../../engine/widgets/registry.ts';

/** What SchemaForm needs of a step's form. */
export interface StepForm {
  readonly schema: RJSFSchema;
  readonly uiSchema: UiSchema;
  readonly validate: CompiledValidator;
}

const schemas = import.meta.glob<RJSFSchema>('../../schemas/*.schema.json', { import: 'default' });
const uiSchemas = import.meta.glob<UiSchema>('../../schemas/*.ui.json', { import: 'default' });
const validators = import.meta.glob<CompiledValidator>('../../schemas/compiled/*.js', { import: 'default' });

const cache = new Map<string, Promise<StepForm>>();

/** Whether the product has a form named `name` (its schema and compiled validator exist). */
export function hasStepForm(name: string): boolean {
  return `../../schemas/${name}.schema.json` in schemas && `../../schemas/compiled/${name}.js` in validators;
}

async function load(name: string): Promise<StepForm> {
  const schema = schemas[`../../schemas/${name}.schema.json`];
  const validate = validators[`../../schemas/compiled/${name}.js`];
  if (!schema || !validate) throw new Error(`no form ${name}: add schemas/${name}.schema.json and run npm run compile:validators`);
  const ui = uiSchemas[`../../schemas/${name}.ui.json`];
  // The uiSchema's lazy widgets are fetched while the schema and the validator arrive, so the form shows complete.
  const uiWithWidgets = ui ? ui().then(async (u) => { await preloadWidgets(u); return u; }) : Promise.resolve({});
  const [s, v, u] = await Promise.all([schema(), validate(), uiWithWidgets]);
  return { schema: s, validate: v, uiSchema: u };
}

/**
 * The step form `name`, one promise per name for the page's life (React's `use` needs the same promise on every
 * render); a failed load is forgotten so that the next render tries again.
 */
export function loadStepForm(name: string): Promise<StepForm> {
  let promise = cache.get(name);
  if (!promise) {
    promise = load(name);
    promise.catch(() => cache.delete(name));
    cache.set(name, promise);
  }
  return promise;
}
