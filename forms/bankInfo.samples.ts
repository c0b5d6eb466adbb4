/** Sample answers to the bankInfo and bankName steps, with what must come of them (forms/step-suite.ts). */
import type { StepSample } from './step-suite.ts';

/** Philippine banks and digital banks, by id (labels in locales/<lng>/forms.json). */
export const BANKS = [
  'bdo',
  'bpi',
  'metrobank',
  'landbank',
  'pnb',
  'securityBank',
  'chinaBank',
  'unionBank',
  'rcbc',
  'eastWest',
  'dbp',
  'aub',
  'pbcom',
  'psBank',
  'robinsonsBank',
  'maybank',
  'ctbc',
  'bankOfCommerce',
  'philtrust',
  'veteransBank',
  'sterlingBank',
  'pbb',
  'chinaBankSavings',
  'bdoNetworkBank',
  'cimb',
  'goTyme',
  'tonik',
  'mariBank',
  'unoBank',
  'ofBank',
  'unionDigital',
];
export const REMITTANCE_SHOPS = [
  'cebuanaLhuillier',
  'palawanExpress',
  'mLhuillier',
  'sevenElevenCliqq',
  'ecpay',
  'rdPawnshop',
  'lbc',
  'villaricaPawnshop',
];

const payee = {
  payeeLastName: 'dela  Cruz',
  payeeFirstName: 'Juan \u674E',
  payeeMiddleName: 'Santos',
  withdrawalPhone: '+63 917 123 4567',
};
const payeeStored = {
  payeeLastName: 'dela Cruz',
  payeeFirstName: 'Juan',
  payeeMiddleName: 'Santos',
  withdrawalPhone: '9171234567',
};
const bank = {
  payoutMethod: 'bank',
  bankCode: 'bdo',
  accountNumber: '0012 3456 7890',
  accountNumberConfirm: '001234567890',
  ...payee,
};
const bankStored = { ...bank, accountNumber: '001234567890', ...payeeStored };
const eWallet = { payoutMethod: 'eWallet', eWalletProvider: 'gcash', eWalletNumber: '0917 765 4321', ...payee };
const eWalletStored = { ...eWallet, eWalletNumber: '9177654321', ...payeeStored };
const remittance = { payoutMethod: 'remittance', remittanceShop: 'cebuanaLhuillier', ...payeeStored };
const ifThen = ['', 'if', { failingKeyword: 'then' }] as const;
const required = (...names: string[]) => names.map((p) => ['', 'required', { missingProperty: p }] as const);
const FIELDS = [
  'payoutMethod',
  'bankCode',
  'accountNumber',
  'accountNumberConfirm',
  'eWalletProvider',
  'eWalletNumber',
  'remittanceShop',
  'payeeLastName',
  'payeeFirstName',
  'payeeMiddleName',
  'withdrawalPhone',
];
const ACCOUNT = { pattern: '^\\d{10,16}$' };

export const bankInfoSamples: readonly StepSample[] = [
  {
    name: 'bank: account typed with spaces, confirmation without; payee names normalised',
    data: bank,
    stored: bankStored,
  },
  {
    name: 'bank: 16-digit account',
    data: { ...bankStored, accountNumber: '1234567890123456', accountNumberConfirm: '1234-5678-9012-3456' },
    stored: { ...bankStored, accountNumber: '1234567890123456', accountNumberConfirm: '1234567890123456' },
  },
  { name: 'e-wallet: GCash, 11 digits starting with 09', data: eWallet, stored: eWalletStored },
  {
    name: 'e-wallet: Maya, 10 digits starting with 9',
    data: { ...eWalletStored, eWalletProvider: 'maya' },
    stored: { ...eWalletStored, eWalletProvider: 'maya' },
  },
  {
    name: 'remittance shop, no middle name',
    data: { ...remittance, payeeMiddleName: undefined },
    stored: { ...remittance, payeeMiddleName: undefined },
  },
  { name: 'nothing', data: {}, errors: required('payoutMethod', 'payeeLastName', 'payeeFirstName', 'withdrawalPhone') },
  {
    name: 'bank chosen, bank fields missing',
    data: { payoutMethod: 'bank', ...payeeStored },
    errors: [...required('bankCode', 'accountNumber', 'accountNumberConfirm'), ifThen],
  },
  {
    name: 'e-wallet chosen, e-wallet fields missing',
    data: { payoutMethod: 'eWallet', ...payeeStored },
    errors: [...required('eWalletProvider', 'eWalletNumber'), ifThen],
  },
  {
    name: 'remittance chosen, no shop',
    data: { payoutMethod: 'remittance', ...payeeStored },
    errors: [...required('remittanceShop'), ifThen],
  },
  {
    name: 'bank: confirmation does not match (The bank info does not match)',
    data: { ...bankStored, accountNumberConfirm: '001234567891' },
    errors: [['/accountNumberConfirm', 'matches', { property: 'accountNumber' }], ifThen],
  },
  {
    name: 'bank: account of 9 digits',
    data: { ...bankStored, accountNumber: '123456789', accountNumberConfirm: '123456789' },
    errors: [['/accountNumber', 'pattern', ACCOUNT], ['/accountNumberConfirm', 'pattern', ACCOUNT], ifThen],
  },
  {
    name: 'bank: account of 17 digits',
    data: { ...bankStored, accountNumber: '1'.repeat(17), accountNumberConfirm: '1'.repeat(17) },
    errors: [['/accountNumber', 'pattern', ACCOUNT], ['/accountNumberConfirm', 'pattern', ACCOUNT], ifThen],
  },
  {
    name: 'bank: account with a letter',
    data: { ...bankStored, accountNumber: '00123456789A', accountNumberConfirm: '00123456789A' },
    errors: [['/accountNumber', 'pattern', ACCOUNT], ['/accountNumberConfirm', 'pattern', ACCOUNT], ifThen],
  },
  {
    name: 'bank not in the list',
    data: { ...bankStored, bankCode: 'hsbcIndia' },
    errors: [['/bankCode', 'enum', { allowedValues: BANKS }], ifThen],
  },
  {
    name: 'e-wallet: 11 digits not starting with 09',
    data: { ...eWalletStored, eWalletNumber: '19177654321' },
    errors: [['/eWalletNumber', 'format', { format: 'ph-ewallet' }], ifThen],
  },
  {
    name: 'e-wallet: 10 digits not starting with 9',
    data: { ...eWalletStored, eWalletNumber: '8177654321' },
    errors: [['/eWalletNumber', 'format', { format: 'ph-ewallet' }], ifThen],
  },
  {
    name: 'e-wallet: +63 form (the spec allows only 09 or 9)',
    data: { ...eWalletStored, eWalletNumber: '+639177654321' },
    errors: [['/eWalletNumber', 'format', { format: 'ph-ewallet' }], ifThen],
  },
  {
    name: 'e-wallet provider not GCash or Maya',
    data: { ...eWalletStored, eWalletProvider: 'paypal' },
    errors: [['/eWalletProvider', 'enum', { allowedValues: ['gcash', 'maya'] }], ifThen],
  },
  {
    name: 'remittance shop not in the list',
    data: { ...remittance, remittanceShop: 'westernUnion' },
    errors: [['/remittanceShop', 'enum', { allowedValues: REMITTANCE_SHOPS }], ifThen],
  },
  {
    name: 'payout method not in the list',
    data: { ...remittance, payoutMethod: 'cash' },
    errors: [['/payoutMethod', 'enum', { allowedValues: ['bank', 'eWallet', 'remittance'] }]],
  },
  {
    name: 'payee first name with digits',
    data: { ...remittance, payeeFirstName: 'Juan2' },
    errors: [['/payeeFirstName', 'format', { format: 'person-name' }]],
  },
  {
    name: 'payee last name only Chinese (stripped to nothing)',
    data: { ...remittance, payeeLastName: '\u674E' },
    errors: [['/payeeLastName', 'format', { format: 'person-name' }]],
  },
  {
    name: 'payee middle name of symbols',
    data: { ...remittance, payeeMiddleName: '#' },
    errors: [['/payeeMiddleName', 'format', { format: 'person-name' }]],
  },
  {
    name: 'withdrawal phone starting with 8 (spec: phone starts with 9)',
    data: { ...remittance, withdrawalPhone: '0817 123 4567' },
    errors: [['/withdrawalPhone', 'format', { format: 'ph-mobile' }]],
  },
  {
    name: 'an unknown field (IFSC, off in the Philippine flow)',
    data: { ...bankStored, ifsc: 'SBIN0000001' },
    errors: [
      ['', 'enum', { allowedValues: FIELDS }],
      ['', 'propertyNames', { propertyName: 'ifsc' }],
    ],
  },
];

export const bankNameSamples: readonly StepSample[] = [
  ...BANKS.map((b): StepSample => ({ name: `bank ${b}`, data: { bankCode: b }, stored: { bankCode: b } })),
  { name: 'nothing', data: {}, errors: [['', 'required', { missingProperty: 'bankCode' }]] },
  {
    name: 'bank not in the list',
    data: { bankCode: 'BDO Unibank' },
    errors: [['/bankCode', 'enum', { allowedValues: BANKS }]],
  },
  {
    name: 'an unknown field',
    data: { bankCode: 'bdo', branch: 'Makati' },
    errors: [['', 'additionalProperties', { additionalProperty: 'branch' }]],
  },
];
