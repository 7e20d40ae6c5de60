import {
  ALREADY_PAID_TEXT,
  ALREADY_STARTED_TEXT,
  NOT_DUE_TEXT,
  NOT_PAID_TEXT,
  PAID_LOCKED_TEXT,
  planMarkPaid,
  planStatusChange,
  planUndoPayment,
  type PaymentChange,
  type ReferralState,
  type ReferralStatusText,
  type StatusChange,
} from './referral-status';

const STATUSES: ReferralStatusText[] = ['pending', 'In Progress', 'Payment Due'];

describe('the texts of the state machine', () => {
  it('says why a change is refused', () => {
    expect(ALREADY_STARTED_TEXT).toBe('The story has already started for this referral.');
    expect(PAID_LOCKED_TEXT).toBe("This referral's reward has been paid. Undo the payment first.");
    expect(NOT_DUE_TEXT).toBe('Only a referral whose story has started (Payment Due) can be paid.');
    expect(ALREADY_PAID_TEXT).toBe("This referral's reward is already marked paid.");
    expect(NOT_PAID_TEXT).toBe("This referral's reward is not marked paid.");
  });
});

describe('planStatusChange (spec section 4)', () => {
  const none: StatusChange = { kind: 'none' };
  const move: StatusChange = { kind: 'move' };
  const start: StatusChange = { kind: 'start' };
  const revert: StatusChange = { kind: 'revert' };
  const refused = (message: string): StatusChange => ({ kind: 'refused', message });

  // Every (status, rewardPaid) × target. A paid reward before Payment Due cannot happen through the API,
  // but a row can hold it: it must still be decided, and never block moving on or starting the story.
  const table: [ReferralStatusText, boolean, ReferralStatusText, StatusChange][] = [
    ['pending', false, 'pending', none],
    ['pending', false, 'In Progress', move],
    ['pending', false, 'Payment Due', start],
    ['pending', true, 'pending', none],
    ['pending', true, 'In Progress', move],
    ['pending', true, 'Payment Due', start],
    ['In Progress', false, 'pending', move],
    ['In Progress', false, 'In Progress', none],
    ['In Progress', false, 'Payment Due', start],
    ['In Progress', true, 'pending', move],
    ['In Progress', true, 'In Progress', none],
    ['In Progress', true, 'Payment Due', start],
    ['Payment Due', false, 'pending', revert],
    ['Payment Due', false, 'In Progress', revert],
    ['Payment Due', false, 'Payment Due', refused(ALREADY_STARTED_TEXT)],
    ['Payment Due', true, 'pending', refused(PAID_LOCKED_TEXT)],
    ['Payment Due', true, 'In Progress', refused(PAID_LOCKED_TEXT)],
    ['Payment Due', true, 'Payment Due', refused(ALREADY_STARTED_TEXT)],
  ];

  it('covers every combination exactly once', () => {
    const keys = table.map(([status, paid, target]) => `${status}|${paid}|${target}`);
    expect(new Set(keys).size).toBe(STATUSES.length * 2 * STATUSES.length);
  });

  it.each(table)('%s (paid: %s) → %s: %j', (status, rewardPaid, target, expected) => {
    expect(planStatusChange({ status, rewardPaid }, target)).toEqual(expected);
  });

  it('never lets a paid reward be reverted or started again', () => {
    for (const target of STATUSES) {
      expect(planStatusChange({ status: 'Payment Due', rewardPaid: true }, target).kind).toBe('refused');
    }
  });

  it('does not change the state it is given', () => {
    const state: ReferralState = { status: 'Payment Due', rewardPaid: false };
    planStatusChange(state, 'pending');
    expect(state).toEqual({ status: 'Payment Due', rewardPaid: false });
  });
});

describe('planMarkPaid', () => {
  const table: [ReferralStatusText, boolean, PaymentChange][] = [
    ['pending', false, { kind: 'refused', message: NOT_DUE_TEXT }],
    ['pending', true, { kind: 'refused', message: NOT_DUE_TEXT }],
    ['In Progress', false, { kind: 'refused', message: NOT_DUE_TEXT }],
    ['In Progress', true, { kind: 'refused', message: NOT_DUE_TEXT }],
    ['Payment Due', false, { kind: 'ok' }],
    ['Payment Due', true, { kind: 'refused', message: ALREADY_PAID_TEXT }],
  ];

  it.each(table)('%s (paid: %s): %j', (status, rewardPaid, expected) => {
    expect(planMarkPaid({ status, rewardPaid })).toEqual(expected);
  });
});

describe('planUndoPayment', () => {
  const table: [ReferralStatusText, boolean, PaymentChange][] = [
    ['pending', false, { kind: 'refused', message: NOT_PAID_TEXT }],
    ['In Progress', false, { kind: 'refused', message: NOT_PAID_TEXT }],
    ['Payment Due', false, { kind: 'refused', message: NOT_PAID_TEXT }],
    ['Payment Due', true, { kind: 'ok' }],
    // Only a reward that is marked paid can be undone, whatever the status says.
    ['pending', true, { kind: 'ok' }],
    ['In Progress', true, { kind: 'ok' }],
  ];

  it.each(table)('%s (paid: %s): %j', (status, rewardPaid, expected) => {
    expect(planUndoPayment({ status, rewardPaid })).toEqual(expected);
  });
});

describe('a whole story through the machine', () => {
  it('pending → In Progress → Payment Due → paid → undone → reverted → pending again', () => {
    let state: ReferralState = { status: 'pending', rewardPaid: false };
    expect(planStatusChange(state, 'In Progress').kind).toBe('move');
    state = { ...state, status: 'In Progress' };
    expect(planMarkPaid(state).kind).toBe('refused');
    expect(planStatusChange(state, 'Payment Due').kind).toBe('start');
    state = { status: 'Payment Due', rewardPaid: false };
    expect(planUndoPayment(state).kind).toBe('refused');
    expect(planMarkPaid(state).kind).toBe('ok');
    state = { ...state, rewardPaid: true };
    expect(planMarkPaid(state).kind).toBe('refused');
    expect(planStatusChange(state, 'pending').kind).toBe('refused');
    expect(planUndoPayment(state).kind).toBe('ok');
    state = { ...state, rewardPaid: false };
    expect(planStatusChange(state, 'pending').kind).toBe('revert');
    state = { status: 'pending', rewardPaid: false };
    expect(planStatusChange(state, 'pending').kind).toBe('none');
  });
});
