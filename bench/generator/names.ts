/**
 * Word lists for realistic-looking names, kept small on purpose (the data's shape matters, not its
 * variety). Written as one string each so the formatter keeps them short.
 */
const words = (list: string, separator = " ") => list.split(separator).map((w) => w.trim());

export const FIRST_NAMES = words(
  "Ada Amara Ben Carlos Chloe Daniel Deepa Elena Farah George Hana Ivan Jamal Julia Kenji Laura Liam Maya " +
    "Mohammed Nadia Noah Olivia Pedro Priya Quinn Rosa Samuel Sofia Tariq Uma Victor Wei Yara Zoe",
);

export const LAST_NAMES = words(
  "Adeyemi Andersson Baker Chen Costa Dubois Evans Fischer Garcia Haddad Ito Jensen Kowalski Kumar Larsen " +
    "Lopez Martin Nakamura Novak Okafor Patel Quispe Rossi Schmidt Silva Smith Tanaka Nguyen Walker Yilmaz Zhang",
);

export const PROGRAM_TOPICS = words(
  "Community Arts, Youth Sports, Rural Health, Clean Water, Early Literacy, STEM Scholarships, " +
    "Small Business Recovery, Affordable Housing, Public Libraries, Music Education, Food Security, " +
    "Urban Forestry, Veterans Support, Digital Inclusion, Mental Health, Heritage Preservation, " +
    "Climate Resilience, Refugee Welcome, Senior Care, Women in Science, Local Journalism, Disability Access, " +
    "River Restoration, Student Research",
  ",",
);

export const PROGRAM_KINDS = words("Grant Fund Fellowship Award Initiative");

/** Words the generated answers are made of: what a grant application talks about. */
export const PROSE_WORDS = words(
  "our community project will support local families through workshops mentoring and shared spaces " +
    "volunteers partners schools libraries youth seniors neighbourhood garden training outreach funding " +
    "budget staff equipment evaluation outcomes impact year months weekly programme access inclusive " +
    "participants residents council network health wellbeing learning skills culture heritage climate " +
    "water energy food safety housing digital literacy jobs growth plan measure report deliver",
);

/** How applicant organizations call themselves. */
export const ORGANIZATION_KINDS = words(
  "Trust, Collective, Association, Cooperative, Foundation, Club, Network, Alliance, Society, " +
    "Community Interest Company, Society for the Advancement of Neighbourhood Projects",
  ",",
);
