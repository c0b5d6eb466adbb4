/** SMS texts from locales/<lng>/sms.json (dotted keys: `reminder.dueToday`), `{{name}}` filled; English when the language has none. */
import en from '#locales/en/sms.json' with { type: 'json' };
import fil from '#locales/fil/sms.json' with { type: 'json' };
import zh from '#locales/zh-CN/sms.json' with { type: 'json' };

type Catalog = { readonly [key: string]: string | Catalog };
const catalogs: Record<string, Catalog> = { en, fil, 'zh-CN': zh };

/** The keys of the SMS catalog: `loginCode`, `accountDeleted` (the last SMS of an erased account), `reminder.dueToday`... */
export type SmsKey = 'loginCode' | 'accountDeleted' | `reminder.${keyof typeof en.reminder}`;

function lookup(catalog: Catalog | undefined, key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<string | Catalog | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalog);
  return typeof found === 'string' ? found : undefined;
}

export function smsText(language: string, key: SmsKey, values: Record<string, string | number>): string {
  const template = lookup(catalogs[language], key) ?? lookup(en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/gu, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
