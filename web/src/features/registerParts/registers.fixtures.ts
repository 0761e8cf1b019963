import { ok, testId } from '../../../test/helpers';
import type { ItemParts } from './api';

/** What the risk and hazardous registers' tests share: the person who looks after items, a workplace. */
export const ETHAN = { _id: testId(2), name: 'Ethan Clarke' };
export const WORKPLACE = { _id: testId(3), name: 'Riverside Depot' };

/** An item's owner, workplace and yearly review by Ethan, with no reviews, actions or files yet. */
export function stewardshipFixture(): Omit<ItemParts, 'isActive'> {
  return {
    owner: ETHAN,
    workplace: WORKPLACE,
    reviewFrequency: 'years',
    reviewer: ETHAN,
    coReviewer: null,
    nextReviewDate: '2099-12-01',
    openReview: null,
    reviews: [],
    actions: [],
    attachments: [],
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

/** The register's workplaces, people search and (empty) change log, as `/api/{prefix}…` answers them. */
export function registerMocks(prefix: string) {
  return {
    [`POST /api/${prefix}Workplaces`]: () => ok({ workplaces: [WORKPLACE] }),
    'POST /api/changeLogList': () => ok({ list: [] }),
    [`POST /api/${prefix}People`]: () => ok({ options: [ETHAN], hasMore: false }),
  };
}
