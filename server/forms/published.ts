/**
 * The published forms, step order and themes at run time: seeding the repository's files as version 1,
 * the manifest the borrower app reads, the immutable asset files, and the validator of a form version for the server.
 *
 * Every instance reads the published versions from the database and keeps them for PUBLISHED_CACHE_MS, so a version
 * published through another instance is in use here within that time. A form version's validator is the very module
 * browsers import (`/forms/<hash>.js`), imported here from a `data:` URL and kept by its hash (immutable).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { canonicalJson } from '#domain/canonical-json.ts';
import type { ContentKind, FlowContent, FormContent, ThemeContent } from '#domain/form-content.ts';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import type { Database } from '../db/database.ts';
import { formAssets, formVersions, profileSections } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import type { Tx } from '../services/idempotency.ts';
import {
  ASSETS_PATH,
  buildFormAssets,
  manifestOf,
  seedContents,
  stepPageKey,
  type FormAssets,
  type FormsManifest,
  type PublishedEntry,
  type SeedDocument,
} from './assets.ts';
import { promiseMemo } from './promise-memo.ts';

/** How long an instance keeps the published versions it read. */
export const PUBLISHED_CACHE_MS = 2000;

/** How long after a form version was replaced a step validated with it is still accepted (FORM_GRACE_HOURS). */
export const DEFAULT_FORM_GRACE_MS = 24 * 60 * 60 * 1000;

type VersionRow = typeof formVersions.$inferSelect;

/** A form version the server validates with. */
export interface FormRules {
  readonly name: string;
  readonly version: number;
  readonly content: FormContent;
  /** The hash of its validator module: what a stored section records as the rules it passed. */
  readonly validatorHash: string;
  readonly validate: CompiledValidator;
}

/**
 * Stores a version's asset files (content-addressed: storing one twice keeps one), marking them used `at` so the sweep
 * leaves them to the version about to name them.
 */
export async function storeAssets(db: Database | Tx, assets: FormAssets, at: Date = new Date()): Promise<void> {
  await db
    .insert(formAssets)
    .values([
      { hash: assets.formHash, type: 'json', body: assets.formJson, createdAt: at },
      { hash: assets.validatorHash, type: 'js', body: assets.validatorJs, createdAt: at },
    ])
    .onConflictDoUpdate({ target: formAssets.hash, set: { createdAt: at } });
}

/** How long an asset no version names is kept: a save stores its files a moment before its row names them. */
export const ORPHAN_ASSET_MS = 10 * 60 * 1000;

/**
 * Deletes the asset files no version names any more (a draft's earlier autosaves, a discarded draft's), once they are
 * older than ORPHAN_ASSET_MS; answers how many.
 */
export async function sweepAssets(db: Database | Tx, now: Date): Promise<number> {
  const gone = await db
    .delete(formAssets)
    .where(
      and(
        lt(formAssets.createdAt, new Date(now.getTime() - ORPHAN_ASSET_MS)),
        sql`not exists (select 1 from ${formVersions} where ${formVersions.formHash} = ${formAssets.hash} or ${formVersions.validatorHash} = ${formAssets.hash})`,
      ),
    )
    .returning({ hash: formAssets.hash });
  return gone.length;
}

/** Equal content whatever the key order. */
const sameContent = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

/**
 * Imports the repository's files as version 1 of every document that has none, at start. Instances starting together
 * insert the same rows; the unique (kind, name, version) key keeps one. A document still on an unedited seed version
 * (no author) whose file changed since (a developer's release) gets the file as its next published version; once
 * product staff published their own version, the file no longer replaces it.
 */
export async function seedPublished(
  db: Database,
  now: () => Date = () => new Date(),
  seed: readonly SeedDocument[] = seedContents(),
): Promise<void> {
  const rows = await db.select().from(formVersions).where(eq(formVersions.status, 'published'));
  for (const doc of seed) {
    const published = rows.find((r) => r.kind === doc.kind && r.name === doc.name);
    if (published && (published.authorId !== null || sameContent(published.content, doc.content))) continue;
    const version = published ? published.version + 1 : 1;
    const assets = doc.kind === 'form' ? await buildFormAssets(doc.name, version, doc.content) : undefined;
    const at = now();
    await db.transaction(async (tx) => {
      if (assets) await storeAssets(tx, assets);
      if (published) {
        // Only when that seed version is still the published one (another instance may have moved it on).
        const retired = await tx
          .update(formVersions)
          .set({ status: 'archived', retiredAt: at, updatedAt: at })
          .where(
            and(eq(formVersions.id, published.id), eq(formVersions.status, 'published'), isNull(formVersions.authorId)),
          )
          .returning({ id: formVersions.id });
        if (retired.length === 0) return;
      }
      await tx
        .insert(formVersions)
        .values({
          kind: doc.kind,
          name: doc.name,
          version,
          status: 'published',
          content: doc.content,
          basedOn: published?.version ?? null,
          formHash: assets?.formHash ?? null,
          validatorHash: assets?.validatorHash ?? null,
          createdAt: at,
          updatedAt: at,
          publishedAt: at,
          note: published ? 'seed' : null,
        })
        .onConflictDoNothing();
    });
  }
}

/** A validator module's code, imported as a module (no eval: Node's own ES module loader over a `data:` URL). */
async function importValidator(code: string): Promise<CompiledValidator> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    default: CompiledValidator;
  };
  return module.default;
}

/** How long a preview URL of a draft's validator is good for (at least; it ends on the hour, so it stays stable). */
const PREVIEW_URL_MS = 60 * 60 * 1000;

export async function createPublishedForms(
  db: Database,
  options: { now?: () => Date; graceMs?: number; secret?: Buffer } = {},
) {
  const now = options.now ?? (() => new Date());
  const graceMs = options.graceMs ?? DEFAULT_FORM_GRACE_MS;
  // Signs the preview URLs of unpublished validators (the server's key, so every instance accepts them).
  const previewKey = createHmac('sha256', options.secret ?? randomBytes(32))
    .update('form-preview')
    .digest();
  const previewSignature = (hash: string, until: number): Buffer =>
    createHmac('sha256', previewKey).update(`${hash}.${until}`).digest();
  await seedPublished(db, now);

  let cached:
    { at: number; rows: VersionRow[]; manifest: FormsManifest; manifestJson: string; etag: string } | undefined;
  let loading: Promise<NonNullable<typeof cached>> | undefined;
  const validators = promiseMemo<CompiledValidator>();
  /** Asset bodies read lately (immutable, so kept; bounded). */
  const assetCache = new Map<string, { type: string; body: string }>();

  async function load(): Promise<NonNullable<typeof cached>> {
    const rows = await db.select().from(formVersions).where(eq(formVersions.status, 'published'));
    const entries: PublishedEntry[] = rows.map((row): PublishedEntry => {
      if (row.kind === 'form')
        return {
          kind: 'form',
          name: row.name,
          version: row.version,
          formHash: row.formHash ?? '',
          validatorHash: row.validatorHash ?? '',
        };
      if (row.kind === 'flow')
        return { kind: 'flow', name: row.name, version: row.version, content: row.content as FlowContent };
      return { kind: 'theme', name: row.name, version: row.version, content: row.content as ThemeContent };
    });
    const manifest = manifestOf(entries);
    const manifestJson = JSON.stringify(manifest);
    return {
      // The real time, whatever the server's clock (DEMO_CLOCK) says: how long this process keeps what it read.
      at: Date.now(),
      rows,
      manifest,
      manifestJson,
      etag: `"${createHash('sha256').update(manifestJson).digest('hex').slice(0, 24)}"`,
    };
  }

  /** The published versions, read again when older than PUBLISHED_CACHE_MS (one read at a time). */
  async function current(): Promise<NonNullable<typeof cached>> {
    if (cached && Date.now() - cached.at < PUBLISHED_CACHE_MS) return cached;
    loading ??= load().then(
      (fresh) => {
        cached = fresh;
        loading = undefined;
        return fresh;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  function validatorOf(hash: string, code: () => Promise<string>): Promise<CompiledValidator> {
    return validators(hash, () => code().then(importValidator));
  }

  async function rulesOfRow(row: VersionRow): Promise<FormRules> {
    const hash = row.validatorHash;
    if (!hash) throw new Error(`form ${row.name} v${row.version} has no validator`);
    const validate = await validatorOf(hash, async () => {
      const [asset] = await db.select({ body: formAssets.body }).from(formAssets).where(eq(formAssets.hash, hash));
      if (!asset) throw new Error(`validator ${hash} is missing`);
      return asset.body;
    });
    return { name: row.name, version: row.version, content: row.content as FormContent, validatorHash: hash, validate };
  }

  return {
    /** Forget what this instance read (after publishing here, so the change shows at once on this instance). */
    invalidate(): void {
      cached = undefined;
      // A withdrawn version's files stop being served here at once.
      assetCache.clear();
    },

    /** The manifest as JSON text, with its ETag. */
    async manifest(): Promise<{ json: string; etag: string }> {
      const { manifestJson: json, etag } = await current();
      return { json, etag };
    },

    /**
     * What a step's prerendered page must have been drawn with to be sent (scripts/prerender.ts `data-published`): the
     * published form's file and the flow's version, for the step at `route`; undefined when no step is there.
     */
    async stepPage(route: string): Promise<string | undefined> {
      return stepPageKey((await current()).manifest, route);
    },

    /** The published step order. */
    async flow(): Promise<FlowContent & { version: number }> {
      const row = (await current()).rows.find((r) => r.kind === 'flow');
      if (!row) throw new Error('no published flow');
      return { version: row.version, steps: (row.content as FlowContent).steps };
    },

    /** The published version of a document. */
    async published(kind: ContentKind, name: string): Promise<VersionRow | undefined> {
      return (await current()).rows.find((r) => r.kind === kind && r.name === name);
    },

    /**
     * The rules of form `name`: the published version, or version `version` when it is published or was replaced
     * less than the grace period ago; an older or unknown version is refused with FORM_VERSION_RETIRED (the app
     * reloads the form and keeps what was typed).
     */
    async rules(name: string, version?: number): Promise<FormRules> {
      const published = (await current()).rows.find((r) => r.kind === 'form' && r.name === name);
      if (!published) throw new ApiError('STEP_UNKNOWN');
      if (version === undefined || version === published.version) return rulesOfRow(published);
      const [row] = await db
        .select()
        .from(formVersions)
        .where(
          and(
            eq(formVersions.kind, 'form'),
            eq(formVersions.name, name),
            eq(formVersions.version, version),
            inArray(formVersions.status, ['published', 'archived']),
          ),
        );
      const retiredAt = row?.retiredAt?.getTime();
      const live =
        row !== undefined &&
        (row.status === 'published' || (retiredAt !== undefined && now().getTime() - retiredAt < graceMs));
      if (!live) throw new ApiError('FORM_VERSION_RETIRED', { version: published.version });
      return rulesOfRow(row);
    },

    /**
     * A published (or replaced) version's asset file by its hash and type, or undefined: a draft's files are not
     * public (staff preview them through `previewUrl`), nor those of a withdrawn version.
     */
    async asset(hash: string, type: 'json' | 'js'): Promise<string | undefined> {
      const known = assetCache.get(hash);
      if (known) return known.type === type ? known.body : undefined;
      const [row] = await db
        .select({ type: formAssets.type, body: formAssets.body })
        .from(formAssets)
        .where(
          and(
            eq(formAssets.hash, hash),
            sql`exists (select 1 from ${formVersions} where (${formVersions.formHash} = ${hash} or ${formVersions.validatorHash} = ${hash}) and ${formVersions.status} in ('published', 'archived'))`,
          ),
        );
      if (!row) return undefined;
      if (assetCache.size > 500) assetCache.clear();
      assetCache.set(hash, row);
      return row.type === type ? row.body : undefined;
    },

    /** A version's validator from its built files (kept by hash, as the published ones are). */
    validatorOfAssets(assets: FormAssets): Promise<CompiledValidator> {
      return validatorOf(assets.validatorHash, async () => assets.validatorJs);
    },

    /** The steps that show form `name` in the published flow. */
    async stepsOfForm(name: string): Promise<string[]> {
      return (await this.flow()).steps.filter((s) => s.schema === name).map((s) => s.step);
    },

    /** The URL staff preview a version's validator at: signed, good for an hour or more. */
    previewUrl(validatorHash: string): string {
      const until = Math.ceil((now().getTime() + PREVIEW_URL_MS) / PREVIEW_URL_MS) * PREVIEW_URL_MS;
      const sig = previewSignature(validatorHash, until).toString('base64url');
      return `${ASSETS_PATH}preview/${validatorHash}.js?until=${until}&sig=${sig}`;
    },

    /** A validator module by a preview URL's parts, when its signature holds and it has not expired. */
    async previewAsset(hash: string, until: number, sig: string): Promise<string | undefined> {
      const given = Buffer.from(sig, 'base64url');
      const expected = previewSignature(hash, until);
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || until < now().getTime())
        return undefined;
      const [row] = await db
        .select({ body: formAssets.body })
        .from(formAssets)
        .where(and(eq(formAssets.hash, hash), eq(formAssets.type, 'js')));
      return row?.body;
    },

    /** How many saved sections the steps of form `name` have (the borrowers a change of that form reaches). */
    async sectionsOfForm(name: string): Promise<number> {
      const steps = await this.stepsOfForm(name);
      if (steps.length === 0) return 0;
      const [row] = await db.select({ n: count() }).from(profileSections).where(inArray(profileSections.step, steps));
      return row?.n ?? 0;
    },
  };
}

export type PublishedForms = Awaited<ReturnType<typeof createPublishedForms>>;
