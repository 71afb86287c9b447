// The studio's social profiles in the footer and on the contact page: in a fixed order, only those the owner has set.
import { describe, expect, it } from 'vitest'
import { FacebookIcon, InstagramIcon, PinterestIcon, TikTokIcon } from './icons'
import { socialLinks } from './social-links'

describe('socialLinks', () => {
  it('lists Instagram, Facebook, TikTok and Pinterest in that order, each with its own icon', () => {
    const links = socialLinks({
      pinterest: 'https://pinterest.com/pop',
      tiktok: 'https://tiktok.com/@pop',
      facebook: 'https://facebook.com/pop',
      instagram: 'https://instagram.com/pop',
    })
    expect(links).toEqual([
      { name: 'Instagram', href: 'https://instagram.com/pop', Icon: InstagramIcon },
      { name: 'Facebook', href: 'https://facebook.com/pop', Icon: FacebookIcon },
      { name: 'TikTok', href: 'https://tiktok.com/@pop', Icon: TikTokIcon },
      { name: 'Pinterest', href: 'https://pinterest.com/pop', Icon: PinterestIcon },
    ])
  })

  it('leaves out a profile not set or set empty', () => {
    expect(socialLinks({ instagram: 'https://instagram.com/pop', facebook: '', tiktok: undefined } as never).map((l) => l.name)).toEqual([
      'Instagram',
    ])
    expect(
      socialLinks({ instagram: '', facebook: 'https://facebook.com/pop', pinterest: 'https://pinterest.com/pop' } as never).map(
        (l) => l.name,
      ),
    ).toEqual(['Facebook', 'Pinterest'])
    expect(socialLinks({} as never)).toEqual([])
  })
})
