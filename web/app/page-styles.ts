// The public pages' own styles, pulled into the entry's stylesheet: whichever page a visitor opens is drawn after
// one CSS request (each extra stylesheet is another round trip before the first paint on a phone's link).
// The pages import their styles too; a stylesheet the entry imports is built into the entry's CSS file.
import '../pages/home/home.css'
import '../components/service-card.css'
import '../components/image-carousel.css'
import '../pages/content-page.css'
import '../pages/service/service-page.css'
import '../pages/service/photo-field.css'
import '../pages/delivery/delivery-page.css'
import '../pages/faq/faq-page.css'
import '../components/markdown-content.css'
import './not-found.css'
