/**
 * Who manages webhooks: the calls' declared access serves employees holding `system` only (a token
 * with `system` too: subscribing is integration work). Every subscription and delivery is of one
 * organisation, and a caller reaches only its own organisation's; another's id is not found. Where
 * events may be sent is address.ts's rule; which organisation's events a subscription receives is
 * events.ts's (its own only).
 */
export const webhooksOf = (companyId: string) => ({ companyId });
