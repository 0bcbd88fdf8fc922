import type { HistoryLike, LocationLike } from '../../src/store/url';

/** A fake `location` + `history` pair: replaceState updates the location, as a browser does. */
export function fakeWindow(initialSearch = '', pathname = '/lab/', hash = '') {
  const urls: string[] = [];
  const location: LocationLike & { search: string; pathname: string; hash: string } = { pathname, search: initialSearch, hash };
  const history: HistoryLike = {
    replaceState(_data, _unused, url) {
      const u = new URL(String(url), 'http://127.0.0.1');
      location.pathname = u.pathname;
      location.search = u.search;
      location.hash = u.hash;
      urls.push(String(url));
    },
  };
  return { location, history, urls };
}
