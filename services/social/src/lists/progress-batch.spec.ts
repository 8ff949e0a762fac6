import { byMembers, collapseProgress, type Progress } from './progress-batch';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute));
const progress = (
  userId: string,
  filmId: number,
  minute: number,
  seconds: number,
  { durationSeconds = null as number | null, finished = false } = {},
): Progress => ({ userId, filmId, watchedAt: at(minute), finished, seconds, durationSeconds });

describe('collapseProgress', () => {
  test('the first event of the newest watched_at wins per member and film, in the order pairs first appear', () => {
    const sut = collapseProgress([
      progress('ada', 1, 10, 100),
      progress('bo', 1, 5, 50),
      progress('ada', 1, 12, 120),
      progress('ada', 1, 11, 110),
      progress('ada', 1, 12, 7),
      progress('ada', 2, 1, 1),
    ]);
    expect(sut.map((p) => [p.userId, p.filmId, p.seconds])).toStrictEqual([
      ['ada', 1, 120],
      ['bo', 1, 50],
      ['ada', 2, 1],
    ]);
  });

  test('an earlier finish and an earlier known length leave their traces, a finish clearing the length', () => {
    const [sut] = collapseProgress([
      progress('ada', 1, 1, 10, { durationSeconds: 600 }),
      progress('ada', 1, 2, 20, { finished: true }),
      progress('ada', 1, 3, 30, { durationSeconds: 700 }),
      progress('ada', 1, 4, 40),
      progress('ada', 1, 2, 99, { durationSeconds: 800 }),
      progress('ada', 1, 5, 50),
    ]);
    expect(sut).toMatchObject({
      seconds: 50,
      durationSeconds: null,
      finishedAt: at(2),
      lengthFrom: { durationSeconds: 700, watchedAt: at(3) },
    });
    const [restarted] = collapseProgress([
      progress('ada', 1, 1, 10, { durationSeconds: 600 }),
      progress('ada', 1, 2, 20, { finished: true }),
      progress('ada', 1, 3, 30),
    ]);
    expect(restarted).toMatchObject({ finishedAt: at(2), lengthFrom: null });
  });
});

test('byMembers keeps each member whole and groups at most that many members', () => {
  const pairs = ['a', 'b', 'a', 'c', 'b', 'd', 'e'].map((userId) => ({ userId }));
  expect(byMembers(pairs, 2).map((group) => group.map((pair) => pair.userId))).toStrictEqual([
    ['a', 'a', 'b', 'b'],
    ['c', 'd'],
    ['e'],
  ]);
  expect(byMembers([], 2)).toStrictEqual([]);
});
