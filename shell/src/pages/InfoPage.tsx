import { observer } from 'mobx-react-lite';
import { useDocumentTitle } from '@storefront/shared';
import type { ReactNode } from 'react';
import './InfoPage.css';

export interface InfoSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface InfoPageProps {
  title: string;
  lead: ReactNode;
  updated?: string;
  sections: InfoSection[];
  children?: ReactNode;
}

/**
 * The layout of the shell's information pages: one h1, a lead, an "On this page" list of in-page links
 * (hash navigation scrolls to them, spec §2), then the sections.
 */
export const InfoPage = observer(function InfoPage({ title, lead, updated, sections, children }: InfoPageProps) {
  useDocumentTitle(title);
  return (
    <article className="sh-page">
      <div className="sh-page__head">
        <h1 className="sh-page__title">{title}</h1>
        <p className="sh-page__lead">{lead}</p>
        {updated ? <p className="sh-page__updated">Last updated: {updated}</p> : null}
      </div>
      <div className="sh-page__layout">
        {sections.length > 1 ? (
          <nav className="sh-page__toc" aria-label="On this page">
            <h2 className="sh-page__toc-title">On this page</h2>
            <ol>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="sh-page__body">
          {sections.map((s) => (
            <section key={s.id} id={s.id} className="sh-page__section" aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>{s.title}</h2>
              {s.body}
            </section>
          ))}
          {children}
        </div>
      </div>
    </article>
  );
});
