// njs module for GET /home: the SPA's page with the home hero's backdrop already in it (the
// featured film's poster under the hero's gradients, the box and classes of the app's own hero:
// frontend/src/index.css, .home-hero). The page's largest image then loads with the page and paints
// before the app's code has run; the app's hero replaces it with the same image from the cache.
// When the catalog cannot say which film, the page is the SPA's page unchanged.
// Written for njs 0.7 (Debian 12) and 0.8 (official nginx image): promises, no async/await.

import fs from 'fs';

// Where index.html marks the spot, inside #root after the app shell's top bar.
const MARK = /<!--home-hero[^>]*-->/;
// What the hero's poster is drawn at (frontend: HERO_POSTER_SIZES, the poster's 720 x 1080 box).
const SIZES = '100vw';
const WIDTH = 720;
const HEIGHT = 1080;

function escapeAttribute(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

// The hero's film: the first featured film with a poster (frontend: featuredHeroFilm).
function heroFilm(r, text) {
  let films;
  try {
    films = JSON.parse(text);
  } catch (error) {
    r.warn('home-hero: the featured films are not JSON: ' + String(error));
    return null;
  }
  if (!Array.isArray(films)) return null;
  for (let i = 0; i < films.length; i++) {
    const film = films[i];
    if (film && typeof film.posterUrl === 'string' && film.posterUrl.charAt(0) === '/') return film;
  }
  return null;
}

// One <source> per image type of the poster's sources, its widths as a srcset (the order they come).
function sources(film) {
  const types = [];
  const sets = {};
  const list = Array.isArray(film.posterSources) ? film.posterSources : [];
  for (let i = 0; i < list.length; i++) {
    const source = list[i];
    if (!source || typeof source.url !== 'string' || typeof source.type !== 'string') continue;
    if (!sets[source.type]) {
      sets[source.type] = [];
      types.push(source.type);
    }
    sets[source.type].push(source.url + ' ' + Number(source.width) + 'w');
  }
  return types
    .map(
      (type) =>
        '<source type="' +
        escapeAttribute(type) +
        '" srcset="' +
        escapeAttribute(sets[type].join(', ')) +
        '" sizes="' +
        SIZES +
        '">',
    )
    .join('');
}

function backdrop(film) {
  return (
    '<div class="home-hero" aria-hidden="true">' +
    '<div class="home-hero-backdrop"><picture class="contents">' +
    sources(film) +
    '<img src="' +
    escapeAttribute(film.posterUrl) +
    '" alt="" width="' +
    WIDTH +
    '" height="' +
    HEIGHT +
    '" fetchpriority="high" class="size-full object-cover">' +
    '</picture></div></div>'
  );
}

function send(r, html) {
  r.headersOut['Content-Type'] = 'text/html; charset=utf-8';
  r.return(200, html);
}

function page(r) {
  let html;
  try {
    html = fs.readFileSync(r.variables.document_root + '/index.html', 'utf8');
  } catch (error) {
    r.error('home-hero: ' + String(error));
    r.internalRedirect('/index.html');
    return;
  }
  r.subrequest('/_home/featured').then(
    (reply) => {
      const film = reply.status === 200 ? heroFilm(r, reply.responseText) : null;
      send(r, film ? html.replace(MARK, () => backdrop(film)) : html);
    },
    () => send(r, html),
  );
}

export default { page };
