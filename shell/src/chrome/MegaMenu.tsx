import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { Carousel, CATEGORY_CAROUSEL, MESSAGES, paths, Picture, useStores } from '@storefront/shared';
import './MegaMenu.css';

/**
 * The Shop mega-menu of spec §2: a carousel of category images (spec §9: 8 slides on wide screens,
 * autoplay every 3000 ms, looping back to the first when there are more than fit). In its own chunk,
 * loaded the first time the menu is hovered or focused (issue 8).
 */
const MegaMenu = observer(function MegaMenu({ onNavigate }: { onNavigate: () => void }) {
  const { storeInfo } = useStores();
  const categories = storeInfo.categories;
  if (categories.length === 0) return <p className="sh-mega__empty">{MESSAGES.noCategories}</p>;
  return (
    <div className="sh-mega__inner">
      <div className="sh-mega__head">
        <h2 className="sh-mega__title">Shop by category</h2>
        <Link className="sh-mega__all" to={paths.shop()} onClick={onNavigate}>
          View all products
        </Link>
      </div>
      <Carousel className="sh-mega__carousel" {...CATEGORY_CAROUSEL} label="Shop by category">
        {categories.map((c) => (
          <Link key={c.id} className="sh-mega__card" to={paths.category(c.name)} onClick={onNavigate}>
            <span className="sh-mega__imgwrap">
              <Picture className="sh-mega__img" src={c.image} alt="" sizes="120px" width={120} height={120} loading="lazy" />
            </span>
            <span className="sh-mega__name">{c.name}</span>
          </Link>
        ))}
      </Carousel>
    </div>
  );
});

export default MegaMenu;
