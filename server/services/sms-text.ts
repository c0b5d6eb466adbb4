/** SMS texts from locales/<lng>/sms.json, `{{name}}` filled; English when the language has none. */
import en from '../../locales/en/sms.json' with { type: 'json' };
import fil from '../../locales/fil/sms.json' with { type: 'json' };
import zh from '../../locales/zh-CN/sms.json' with { type: 'json' };

const catalogs: Record<string, Record<string, string>> = { en, fil, 'zh-CN': zh };

export function smsText(language: string, key: keyof typeof en, values: Record<string, string | number>): string {
  const template = catalogs[language]?.[key] ?? en[key];
  return template.replace(/\{\{(\w+)\}\}/gu, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
