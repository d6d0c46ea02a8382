/**
 * Swiper as the carousels load it, once one is on screen and the page is idle: the core and its CSS,
 * and the two modules they use (autoplay; a11y for the slides' roles and labels and for focus bringing
 * a slide into view). Its own chunk: no page loads Swiper unless it shows a carousel. Previous/next,
 * dots, the pause button and arrow keys are the carousel's own buttons calling Swiper's API, so the
 * navigation, pagination and keyboard modules are not loaded, nor a11y's CSS (it only hides a live
 * region the carousel gives the shared visually-hidden class instead).
 */
import 'swiper/swiper.css';

export { Swiper } from 'swiper';
export { A11y, Autoplay } from 'swiper/modules';
