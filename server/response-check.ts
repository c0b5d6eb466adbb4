/**
 * Tests only (server/testing/test-api.ts installs it on every test API): each JSON answer is checked against its route's
 * response schema by a strict validator (objects closed: `additionalProperties: false` where a schema leaves it open)
 * BEFORE Fastify's serializer, which silently drops any property a schema lacks. So when a service view grows a field
 * that its schema (api-contract/*.ts) does not have, or loses a required one, every suite that meets that answer fails
 * with the route and the property, instead of the web app never seeing the field. Answers sent as stored JSON text
 * (money operations, the profile overview) are parsed and checked the same way.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Schema = Record<string, unknown>;

/** A copy of `schema` whose objects admit only the properties they name, unless they say otherwise. */
export function closedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Schema = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'enum' || key === 'const' ? value : closedSchema(value),
    ]),
  );
  if ('properties' in copy && !('additionalProperties' in copy)) copy['additionalProperties'] = false;
  return copy;
}

/** The response schema Fastify would serialize `status` with: exact code, then `4xx`-style range, then default. */
function schemaFor(responses: Schema | undefined, status: number): Schema | undefined {
  if (!responses) return undefined;
  const range = `${String(status)[0]}xx`;
  const found = (responses[String(status)] ??
    responses[range] ??
    responses[range.toUpperCase()] ??
    responses['default']) as Schema | undefined;
  if (found && 'content' in found)
    return (found['content'] as Record<string, { schema?: Schema } | undefined>)['application/json']?.schema;
  return found;
}

/** What a check found wrong with an answer. */
export interface ResponseProblem {
  readonly route: string;
  readonly status: number;
  readonly errors: string;
}

export function installResponseCheck(
  app: FastifyInstance,
  onProblem: (problem: ResponseProblem) => void = (p) =>
    console.error(`response schema: ${p.route} ${p.status}: ${p.errors}`),
): void {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new WeakMap<Schema, ValidateFunction>();
  const checked = new WeakSet<FastifyRequest>();

  /** The problem with `body` as the answer of `request`, or undefined. */
  function problemOf(request: FastifyRequest, reply: FastifyReply, body: unknown): ResponseProblem | undefined {
    const schema = schemaFor(
      (request.routeOptions.schema as Schema | undefined)?.['response'] as Schema | undefined,
      reply.statusCode,
    );
    if (!schema) return undefined;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(closedSchema(schema) as Schema);
      compiled.set(schema, validate);
    }
    if (validate(body)) return undefined;
    const errors =
      ajv.errorsText(validate.errors, { dataVar: 'answer' }) +
      (validate.errors ?? [])
        .map((e) => (e.keyword === 'additionalProperties' ? ` [${String(e.params['additionalProperty'])}]` : ''))
        .join('');
    return { route: `${request.method} ${request.routeOptions.url ?? request.url}`, status: reply.statusCode, errors };
  }

  /** The answer becomes a 500 naming the problem, so the suite's own assertions fail on it. */
  function fail(reply: FastifyReply, problem: ResponseProblem) {
    onProblem(problem);
    void reply.code(500);
    return {
      code: 'SERVER_ERROR',
      message: `The answer does not match its response schema (api-contract/): ${problem.route} ${problem.status}: ${problem.errors}`,
    };
  }

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    checked.add(request);
    const problem = problemOf(request, reply, payload);
    return problem ? fail(reply, problem) : payload;
  });
  app.addHook('onSend', async (request, reply, payload: unknown) => {
    if (
      checked.has(request) ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    )
      return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const problem = problemOf(request, reply, body);
    return problem ? JSON.stringify(fail(reply, problem)) : payload;
  });
}
