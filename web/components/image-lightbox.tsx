// The zoomable full-screen image viewer; its own chunk, fetched the first time a visitor opens an image.
import Lightbox from 'yet-another-react-lightbox'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import 'yet-another-react-lightbox/styles.css'

interface ImageLightboxProps {
  images: { src: string; alt: string }[]
  index: number
  onClose: () => void
}

export default function ImageLightbox({ images, index, onClose }: ImageLightboxProps) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={images}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      controller={{ closeOnBackdropClick: true }}
      carousel={{ finite: images.length <= 1 }}
      render={images.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      styles={{ container: { backgroundColor: 'rgba(30, 18, 32, 0.94)' } }}
    />
  )
}
