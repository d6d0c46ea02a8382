import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Picture, Skeleton, type PageLoader, pageTitle, shortDescription, useDocumentMeta } from '@storefront/shared';
import { useStoreInfo } from '../../lib/useStoreInfo';
import { catalogStoresFor, useCatalogStores } from '../../stores/useCatalogStores';
import './AboutPage.css';

/** The about page's sections (spec §7 `/about-us-page`). */
export const load: PageLoader = (session) => catalogStoresFor(session).about.fetch();

/** About (spec §2 `/about`): the sections of `/about-us-page`, image and text alternating. */
const AboutPage = observer(function AboutPage() {
  const { about } = useCatalogStores();
  const { storeInfo } = useStoreInfo();
  useEffect(() => {
    void about.fetch();
  }, [about]);
  const storeName = storeInfo.storeName;
  useDocumentMeta(
    pageTitle('About us', storeName),
    about.sections[0] ? shortDescription(about.sections[0].body) : `About ${storeName}: who we are and how we work.`,
  );

  let content;
  if (!about.loaded && about.sections.length === 0) {
    content = (
      <div role="status" className="cat-about__loading">
        <span className="sf-visually-hidden">Loading</span>
        <div className="cat-about__section" aria-hidden="true">
          <div className="cat-about__media">
            <Skeleton height="100%" />
          </div>
          <div className="cat-about__text">
            <Skeleton width="50%" height={28} />
            <Skeleton width="100%" height={16} className="cat-about__gap" />
            <Skeleton width="90%" height={16} className="cat-about__gap" />
          </div>
        </div>
      </div>
    );
  } else if (about.sections.length === 0) {
    content = <p className="cat-about__empty">{about.error ?? 'Our story is coming soon.'}</p>;
  } else {
    content = about.sections.map((s, i) => (
      <section key={s.id} className={`cat-about__section ${i % 2 ? 'is-flipped' : ''}`} aria-labelledby={`cat-about-${s.id}`}>
        <div className="cat-about__media">
          {s.image ? (
            <Picture
              className="cat-about__image"
              src={s.image}
              alt=""
              sizes="(min-width: 768px) 50vw, 100vw"
              width={800}
              height={600}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          ) : null}
        </div>
        <div className="cat-about__text">
          <h2 id={`cat-about-${s.id}`}>{s.title}</h2>
          <p>{s.body}</p>
        </div>
      </section>
    ));
  }

  return (
    <div className="cat-about sf-container" data-section="catalog">
      <h1 className="cat-about__title">About {storeName}</h1>
      {content}
    </div>
  );
});

export default AboutPage;
