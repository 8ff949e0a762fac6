import { AdFilm } from './films/ad-film.entity';
import { Films20261121002000 } from './migrations/films.migration';

export const DATABASE = {
  entities: [AdFilm],
  migrations: [{ name: 'Films20261121002000', class: Films20261121002000 }],
};
