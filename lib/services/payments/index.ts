/**
 * Payments (spec section 2): the public functions of lib/services/payments/*, one file per concern.
 * Importers keep `@/lib/services/payments`; files inside this folder import their siblings directly, never this index.
 */
export { ukMonthBounds } from './common';
export { listOutstanding } from './outstanding';
export { monthlyReport, allMonthGroups } from './report';
export { payAll } from './pay-all';
export { owedPerClient, type BankFilePayee } from './bank-file';
export { auditPage, allAuditEntries } from './audit';
