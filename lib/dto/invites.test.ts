import { isInviteAnswer, staffInviteSchema, toStaffInviteDto } from './invites';

const row = {
  id: '0192f5e0-0000-7000-8000-000000000001',
  email: 'jo@clinic.test',
  isFullAdmin: false,
  expiresAt: new Date('2026-12-04T10:00:00Z'),
  sentAt: new Date('2026-11-27T10:00:00Z'),
  invitedBy: 'boss@clinic.test',
};

describe('an invitation as the API answers it', () => {
  it('is pending until it expires, then expired; it holds no token', () => {
    const pending = toStaffInviteDto(row, new Date('2026-12-04T09:59:59Z'));
    expect(pending).toEqual({
      id: row.id,
      email: 'jo@clinic.test',
      isFullAdmin: false,
      expiresAt: '2026-12-04T10:00:00.000Z',
      sentAt: '2026-11-27T10:00:00.000Z',
      invitedBy: 'boss@clinic.test',
      state: 'pending',
    });
    expect(staffInviteSchema.parse(pending)).toEqual(pending);
    expect(toStaffInviteDto(row, new Date('2026-12-04T10:00:00Z')).state).toBe('expired');
  });

  it('is told apart from a staff account', () => {
    expect(isInviteAnswer(toStaffInviteDto(row))).toBe(true);
    expect(
      isInviteAnswer({
        id: row.id,
        email: row.email,
        isFullAdmin: false,
        createdAt: '2026-11-27T10:00:00.000Z',
        locked: false,
        lockedUntil: null,
      }),
    ).toBe(false);
  });
});
