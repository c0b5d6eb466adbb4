/**
 * Over-the-counter payment centres shown with an OTC payment reference. Proper names, shown as written in every
 * language (not translations); the collection gateway accepts the reference at each.
 */
export const OTC_CENTRES: readonly string[] = [
  '7-Eleven',
  'Cebuana Lhuillier',
  'M Lhuillier',
  'Palawan Express',
  'ECPay',
  'Bayad Center',
];
