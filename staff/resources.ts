/** The console's screens as Refine resources, in menu order; the layout shows those the permissions allow. */
export const RESOURCES = [
  { name: 'reviews', list: '/reviews', show: '/reviews/:id' },
  { name: 'customers', list: '/customers', show: '/customers/:id' },
  { name: 'feedback', list: '/feedback' },
  { name: 'approvals', list: '/approvals' },
  { name: 'refunds', list: '/refunds' },
  { name: 'collections', list: '/collections', show: '/collections/:id' },
  { name: 'collection-templates', list: '/collection-templates' },
  { name: 'disputes', list: '/disputes' },
  { name: 'collection-complaints', list: '/collection-complaints' },
  { name: 'audit', list: '/audit' },
  { name: 'book', list: '/book' },
  { name: 'accounts', list: '/accounts' },
  { name: 'forms', list: '/forms', show: '/forms/:kind/:name' },
] as const;
