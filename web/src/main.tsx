import { lazy, StrictMode, Suspense, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { gql, logOut, SignedOut } from './api';
import { Link } from './link';
import { Admin } from './pages/admin';
import { Entity } from './pages/entity';
import { Search } from './pages/search';
import { SignIn } from './pages/sign-in';
import { navigate, usePlace } from './router';
import { SearchBox } from './search-box';
import './styles.css';

// The lineage graph (React Flow and ELK) loads when a lineage page opens: the first page stays small.
const lineagePage = () => import('./pages/lineage');
// Opened at a lineage address, its code loads beside the session check rather than after it.
if (window.location.pathname.startsWith('/lineage/')) void lineagePage();
const Lineage = lazy(lineagePage);
// So do the pages of an Admin's invite and reset links, which few open and each only once.
const SignUp = lazy(() => import('./pages/sign-up'));
const Reset = lazy(() => import('./pages/reset'));

interface Me {
  me: { corpUser: { urn: string; username: string }; platformPrivileges: { manageTokens: boolean } } | null;
}

/**
 * The app: the sign-in page until there is a session, then the search box above the page of the address;
 * the sign-up and reset pages of an Admin's links either way.
 */
function App() {
  const place = usePlace();
  const [me, setMe] = useState<Me['me'] | null>();
  const load = useCallback(() => {
    gql<Me>('{ me { corpUser { urn username } platformPrivileges { manageTokens } } }')
      .then((d) => setMe(d.me))
      .catch((e) => {
        if (e instanceof SignedOut) setMe(null);
        else throw e;
      });
  }, []);
  useEffect(load, [load]);
  // An invite or reset link opens its page whoever is signed in; done, its new session is the app's.
  const signedIn = () => {
    navigate('/');
    setMe(undefined);
    load();
  };
  if (place.path === '/signup' || place.path === '/reset')
    return (
      <Suspense fallback={<p aria-busy="true">Loading…</p>}>
        {place.path === '/signup' ? (
          <SignUp inviteToken={place.query.get('invite_token') ?? ''} onSignedIn={signedIn} />
        ) : (
          <Reset resetToken={place.query.get('reset_token') ?? ''} onSignedIn={signedIn} />
        )}
      </Suspense>
    );
  if (me === undefined) return <p aria-busy="true">Loading…</p>;
  if (me === null)
    return (
      <SignIn
        onSignedIn={() => {
          if (place.path === '/login') navigate('/');
          load();
        }}
      />
    );
  const signOut = async () => {
    await logOut();
    setMe(null);
  };
  return (
    <>
      <header className="top">
        <Link to="/" className="brand">
          neohub
        </Link>
        <SearchBox initial={place.path === '/search' ? (place.query.get('q') ?? '') : ''} />
        {me.platformPrivileges.manageTokens && <Link to="/admin">Admin</Link>}
        <span className="who">{me.corpUser.username}</span>
        <button type="button" className="quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        {place.path === '/admin' ? (
          <Admin me={me.corpUser.urn} />
        ) : place.path === '/search' ? (
          <Search place={place} />
        ) : place.path.startsWith('/lineage/') ? (
          <Suspense fallback={<p aria-busy="true">Loading lineage…</p>}>
            <Lineage urn={decodeURIComponent(place.path.slice('/lineage/'.length))} />
          </Suspense>
        ) : place.path.startsWith('/entity/') ? (
          <Entity urn={decodeURIComponent(place.path.slice('/entity/'.length))} />
        ) : (
          <section className="home">
            <h1>Find data in the catalog</h1>
            <p>
              Search above, or <Link to="/search?q=*">browse everything</Link>.
            </p>
          </section>
        )}
      </main>
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
