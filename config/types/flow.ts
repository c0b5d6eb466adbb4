/* Generated from config/schema/flow.schema.json by scripts/gen-config-types.ts. Do not edit. */

/**
 * The borrower's information steps, in order: each names its form schema, its route and the route after it.
 */
export interface FlowConfig {
  $schema?: string;
  /**
   * @minItems 1
   */
  steps: [FlowStep, ...FlowStep[]];
}
export interface FlowStep {
  /**
   * Unique step name; keys the borrower's saved section (profileDraft.<step>).
   */
  step: string;
  /**
   * Form schema forms/<schema>.schema.json, its uiSchema <schema>.ui.json and validator forms/compiled/<schema>.js.
   */
  schema: string;
  /**
   * The route that shows the step (its screen is infoStep).
   */
  route: string;
  /**
   * Where a valid submit leads: the next step's route, or where the flow ends.
   */
  next: string;
}
