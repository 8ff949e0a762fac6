import { impactScore, mapDashboard } from './critic.mapper';

describe('impact score', () => {
  test('round(totalReviews × averageRating / 5 × 100)', () => {
    expect(impactScore(0, 0)).toBe(0);
    expect(impactScore(2, 6.5)).toBe(260);
    expect(impactScore(3, 7.3)).toBe(438);
    expect(impactScore(1, 10)).toBe(200);
  });

  test('the dashboard computes it from the average it shows (one decimal)', () => {
    const sut = mapDashboard(4, { total_reviews: 3, rating_sum: 23, follower_count: 2 }, []);
    expect(sut.averageRating).toBe(7.7);
    expect(sut.impactScore).toBe(impactScore(3, 7.7));
    expect(sut.impactScore).toBe(462);
  });

  test('no reviews: average 0, impact 0', () => {
    expect(mapDashboard(4, { total_reviews: 0, rating_sum: 0, follower_count: 5 }, [])).toStrictEqual({
      criticId: 4,
      totalReviews: 0,
      averageRating: 0,
      followersCount: 5,
      impactScore: 0,
      recentReviews: [],
    });
  });
});
