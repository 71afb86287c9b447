// The studio's social profiles as the footer and contact page list them: Instagram and Facebook, then TikTok and
// Pinterest when the owner has set them.
import type { ComponentType, SVGProps } from 'react'
import type { SiteSettings } from '../lib/public-api'
import { FacebookIcon, InstagramIcon, PinterestIcon, TikTokIcon } from './icons'

export interface SocialLink {
  name: string
  href: string
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}

export function socialLinks({ instagram, facebook, tiktok, pinterest }: SiteSettings['social']): SocialLink[] {
  const all: { name: string; href: string | undefined; Icon: SocialLink['Icon'] }[] = [
    { name: 'Instagram', href: instagram, Icon: InstagramIcon },
    { name: 'Facebook', href: facebook, Icon: FacebookIcon },
    { name: 'TikTok', href: tiktok, Icon: TikTokIcon },
    { name: 'Pinterest', href: pinterest, Icon: PinterestIcon },
  ]
  return all.filter((l): l is SocialLink => Boolean(l.href))
}
