/**
 * Values of earlier form versions, read as today's. Marital status used to offer ten overlapping choices ("Married"
 * beside "Married, with children"); it now offers five statuses, and children are a question of their own
 * (`children`: yes or no, optional). A stored or drafted section with an old value reads as the new pair, so no
 * profile saved before the change becomes incomplete and nothing the borrower chose is lost. Pure: used by the
 * server (on reading a section and on a save from an app of the old version) and by the web app (drafts).
 */

/** Old marital status -> today's status and the children answer it carried. */
const OLD_MARITAL: Readonly<Record<string, readonly [status: string, children: 'yes' | 'no']>> = {
  marriedWithChildren: ['married', 'yes'],
  marriedWithoutChildren: ['married', 'no'],
  divorcedWithChildren: ['divorced', 'yes'],
  divorcedWithoutChildren: ['divorced', 'no'],
  widowedWithChildren: ['widowed', 'yes'],
  widowedWithoutChildren: ['widowed', 'no'],
};

/**
 * A step's data with old values replaced by today's (the same object when nothing changes). A children answer given
 * already wins over the one an old status implied.
 */
export function upgradeSection<T>(step: string, data: T): T {
  if (step !== 'baseInfo' || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const section = data as Record<string, unknown>;
  const status = section['maritalStatus'];
  const old = typeof status === 'string' && Object.hasOwn(OLD_MARITAL, status) ? OLD_MARITAL[status] : undefined;
  if (!old) return data;
  return { ...section, maritalStatus: old[0], children: section['children'] ?? old[1] } as T;
}
