import { Link } from 'react-router-dom';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { LazyImage } from '../components/LazyImage';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import { zhCN } from '../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/gallery/gallery.css';

export default function PhotoAlbumPage() {
  const api = useService(TOKENS.contentApi);
  const { data, error, reload } = useLoad('albums', () => api.albums());
  const text = zhCN.content.gallery;

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.length === 0) body = <EmptyState text={text.noAlbums} />;
  else
    body = (
      <ul className="album-grid">
        {data.map((album) => (
          <li key={album.id}>
            <Link to={`/photos?id=${album.id}`} className="album-card">
              {album.cover ? (
                <LazyImage className="album-card__cover" src={album.cover} alt="" />
              ) : (
                <span className="album-card__cover album-card__cover--empty" aria-hidden="true" />
              )}
              <span className="album-card__count">{text.photoCount(album.photoCount)}</span>
              <span className="album-card__text">
                <span className="album-card__name">{album.name}</span>
                {album.description && <span className="album-card__description">{album.description}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page">
      <PageBanner title={zhCN.nav.album} />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
