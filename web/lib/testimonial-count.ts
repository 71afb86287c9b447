// How many testimonials the home page shows: the home page picks them, the dashboard explains the pick.
export const MAX_TESTIMONIALS = 3
