import { Link } from 'react-router-dom';
import { TOKENS } from '../../ports/tokens';
import { LazyImage } from '../components/LazyImage';
import { IMAGE_SIZES } from '../components/imageSizes';
import { useService } from '../di';
import { Loaded } from '../features/content/Loaded';
import { useLoad } from '../features/content/useLoad';
import { PageLayout } from '../components/PageLayout';
import * as zhCN from '../../i18n/zh-CN';
import '../features/gallery/gallery.css';

export default function PhotoAlbumPage() {
  const api = useService(TOKENS.contentApi);
  const load = useLoad('albums', () => api.albums());
  const text = zhCN.gallery;

  return (
    <PageLayout title={zhCN.nav.album}>
      <Loaded state={load} emptyText={text.noAlbums}>
        {(data) => (
          <ul className="album-grid">
            {data.map((album) => (
              <li key={album.id}>
                <Link to={`/photos?id=${album.id}`} className="album-card">
                  {album.cover ? (
                    <LazyImage className="album-card__cover" src={album.cover} alt="" sizes={IMAGE_SIZES.gridCover} />
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
        )}
      </Loaded>
    </PageLayout>
  );
}
