import { inboxKey } from './inbox-address';

describe('inboxKey (one key per inbox, issue 28 point 7)', () => {
  it.each([
    ['Amy.Pond@Example.COM', 'amy.pond@example.com'],
    ['  amy@example.com ', 'amy@example.com'],
    ['amy+clinic@example.com', 'amy@example.com'],
    ['amy+1+2@example.com', 'amy@example.com'],
    ['A.M.Y+x@gmail.com', 'amy@gmail.com'],
    ['amy.pond@googlemail.com', 'amypond@gmail.com'],
    ['amy.pond@example.co.uk', 'amy.pond@example.co.uk'],
    ['+amy@example.com', '+amy@example.com'],
  ])('%s reaches the inbox %s', (typed, key) => {
    expect(inboxKey(typed)).toBe(key);
  });
});
