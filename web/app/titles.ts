// Every public page title in one place (the server renders them into each page's <title>).
export const pageTitles = {
  home: (brand: string) => `${brand} | Balloon Decor in Portland, Oregon`,
  service: (serviceTitle: string, brand: string) => `${serviceTitle} | ${brand}`,
  about: (brand: string) => `About | ${brand}`,
  contact: (brand: string) => `Contact | ${brand}`,
  delivery: (brand: string) => `Delivery & Installation | ${brand}`,
  thankYou: (brand: string) => `Thank You | ${brand}`,
  privacy: (brand: string) => `Privacy | ${brand}`,
  faq: (brand: string) => `Frequently Asked Questions | ${brand}`,
  notFound: (brand: string) => `Page Not Found | ${brand}`,
}
