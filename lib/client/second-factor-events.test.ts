import { ApiError } from './api';
import { secondFactorNeed } from './second-factor-events';

describe('secondFactorNeed', () => {
  it('reads what a 403 of the money guard asks for', () => {
    expect(secondFactorNeed(new ApiError(403, 'x', 'x', undefined, { secondFactor: 'set-up' }))).toBe('set-up');
    expect(secondFactorNeed(new ApiError(403, 'x', 'x', undefined, { secondFactor: 'step-up' }))).toBe('step-up');
  });
  it('ignores any other refusal', () => {
    expect(secondFactorNeed(new ApiError(403, 'Only a full admin can do this.'))).toBeNull();
    expect(secondFactorNeed(new ApiError(409, 'x', 'x', undefined, { secondFactor: 'set-up' }))).toBeNull();
    expect(secondFactorNeed(new ApiError(403, 'x', 'x', undefined, { secondFactor: 'other' }))).toBeNull();
    expect(secondFactorNeed(new Error('boom'))).toBeNull();
  });
});
