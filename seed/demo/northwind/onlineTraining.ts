import type { Org } from '../rows';
import {
  addCourses,
  addTrainingAssignment,
  choice,
  content,
  partsOf,
  trueFalse,
  type BuiltCourse,
  type DemoCourse,
  type PartId,
  type Question,
} from '../training';
import type { NorthwindPeople } from './refs';

/**
 * Northwind's online training (issue 43, docs/online-training.md): "Site Induction" published once
 * (three sections, one a video; six questions of every kind), "Forklift Refresher" at version 2 with
 * unpublished changes, "Fire Safety" (the dashboards' course: every dashboard person takes it and
 * reviews someone's attempt), "Manual Handling" a draft never published, and "Ladder Safety (2019)"
 * out of use. Olivia (hrAdmin) published them. Assigned (besides the dashboards', dashboard.ts): Mia failed
 * the Forklift Refresher with no attempts left, Chloe, Henry, Isla and Sophie passed the Site
 * Induction in the last months, Henry passed the Forklift Refresher, repeated yearly.
 */

export interface NorthwindTraining {
  /** The dashboards' course. */
  fire: BuiltCourse;
}

function siteInduction(id: PartId): DemoCourse {
  const version = content({
    introduction: 'Every employee and contractor completes this before their first shift on site.',
    sections: [
      {
        _id: id('s1'),
        title: 'Welcome and site rules',
        body: '<h2>Welcome</h2><p>Sign in at reception, wear your visitor or staff badge and follow the <em>marked walkways</em>.</p><ul><li>No smoking outside the shelter.</li><li>Mobile phones away in the warehouse.</li></ul>',
      },
      {
        _id: id('s2'),
        title: 'Emergencies',
        body: '<p>On the siren, stop work and walk to the <strong>assembly point at the car park</strong>. Wardens wear yellow helmets.</p>',
        videoUrl: 'https://www.youtube.com/watch?v=northwind-evacuation',
      },
      {
        _id: id('s3'),
        title: 'Reporting hazards and incidents',
        body: '<p>Report every hazard, near miss and injury to your supervisor the same day, in Compass.</p>',
      },
    ],
    questions: [
      choice(id, 1, 'Where is the assembly point?', ['The car park', 'The loading dock', 'Reception'], [0]),
      choice(id, 2, 'Who wears a yellow helmet?', ['Visitors', 'Wardens', 'Forklift drivers'], [1]),
      choice(
        id,
        3,
        'Which of these must you report?',
        ['A near miss', 'An injury', 'A hazard', 'A late delivery'],
        [0, 1, 2],
      ),
      trueFalse(id, 4, 'You may leave the marked walkways in the warehouse.', false),
      trueFalse(id, 5, 'Hazards are reported the same day.', true),
      {
        _id: id('q6'),
        kind: 'shortAnswer',
        text: 'Describe what you do when you hear the siren.',
        modelAnswer: 'Stop work, leave by the nearest exit and walk to the assembly point at the car park.',
        points: 2,
      },
    ],
    passMark: 80,
    attemptsAllowed: 2,
    expectedMinutes: 20,
  });
  return {
    name: 'Site Induction',
    description: 'What everyone on a Northwind site needs to know before starting work.',
    versions: [version],
    draft: null,
    isActive: true,
    createdDaysAgo: 200,
    writtenAnswer: 'I stop work and walk to the assembly point at the car park.',
  };
}

function forkliftRefresher(id: PartId): DemoCourse {
  const travel = choice(id, 3, 'How do you travel with a load?', ['Raised high', 'Low and tilted back'], [1]);
  const version = (passMark: number, extra: Question[]) =>
    content({
      introduction: 'For licensed forklift operators: the yearly refresher.',
      sections: [
        {
          _id: id('s1'),
          title: 'Pre-start checks',
          body: '<p>Check the <strong>forks, chains, tyres, brakes and horn</strong> before every shift.</p>',
        },
        {
          _id: id('s2'),
          title: 'Load handling',
          body: '<p>Travel with the load low and tilted back; never lift people.</p>',
          videoUrl: 'https://www.youtube.com/watch?v=forklift-refresher',
        },
      ],
      questions: [
        choice(id, 1, 'When do you do the pre-start check?', ['Every shift', 'Once a week'], [0]),
        trueFalse(id, 2, 'You may carry a passenger on the forks for a short distance.', false),
        ...extra,
      ],
      passMark,
      attemptsAllowed: 3,
      expectedMinutes: 15,
    });
  return {
    name: 'Forklift Refresher',
    description: 'The yearly refresher for forklift operators.',
    versions: [version(70, []), version(80, [travel])],
    draft: version(80, [travel, { _id: id('q4'), kind: 'shortAnswer', text: 'Name two pre-start checks.' }]),
    isActive: true,
    createdDaysAgo: 400,
  };
}

/** The dashboards' course: each person takes it and reviews someone's attempt (dashboard.ts). */
function fireSafety(id: PartId): DemoCourse {
  const version = content({
    introduction: 'Everyone on a Northwind site knows how to prevent, report and escape a fire.',
    sections: [
      {
        _id: id('s1'),
        title: 'Preventing fires',
        body: '<p>Keep exits and extinguishers clear; store flammables in the <strong>yellow cabinet</strong>.</p>',
      },
      {
        _id: id('s2'),
        title: 'When the alarm sounds',
        body: '<p>Leave by the nearest exit, close doors behind you and go to the assembly point.</p>',
      },
    ],
    questions: [
      choice(id, 1, 'Where are flammable liquids stored?', ['The yellow cabinet', 'Under the bench'], [0]),
      trueFalse(id, 2, 'You may use the lift during a fire alarm.', false),
      choice(id, 3, 'What do you keep clear?', ['Exits', 'Extinguishers', 'The canteen'], [0, 1]),
      trueFalse(id, 4, 'Close doors behind you when you leave.', true),
      {
        _id: id('q5'),
        kind: 'shortAnswer',
        text: 'What do you do when the fire alarm sounds?',
        modelAnswer: 'Leave by the nearest exit, close the doors and go to the assembly point.',
        points: 2,
      },
    ],
    passMark: 80,
    attemptsAllowed: 2,
    expectedMinutes: 15,
  });
  return {
    name: 'Fire Safety',
    description: 'Preventing fires and leaving safely when the alarm sounds.',
    versions: [version],
    draft: null,
    isActive: true,
    createdDaysAgo: 120,
    writtenAnswer: 'I leave by the nearest exit and go to the assembly point.',
  };
}

const manualHandling = (id: PartId): DemoCourse => ({
  name: 'Manual Handling',
  description: 'Lifting, carrying and pushing without injury.',
  versions: [],
  draft: content({
    sections: [
      {
        _id: id('s1'),
        title: 'Plan the lift',
        body: '<p>Check the weight, the path and where the load goes before you lift.</p>',
      },
    ],
    questions: [trueFalse(id, 1, 'Bend your back, not your knees.', false)],
    passMark: 80,
    attemptsAllowed: 3,
    expectedMinutes: 10,
  }),
  isActive: true,
  createdDaysAgo: 5,
});

const ladderSafety = (id: PartId): DemoCourse => ({
  name: 'Ladder Safety (2019)',
  description: 'Replaced by the Working at Heights ticket.',
  versions: [
    content({
      sections: [
        {
          _id: id('s1'),
          title: 'Three points of contact',
          body: '<p>Keep two hands and a foot on the ladder.</p>',
        },
      ],
      questions: [trueFalse(id, 1, 'Stand on the top rung to reach higher.', false)],
    }),
  ],
  draft: null,
  isActive: false,
  createdDaysAgo: 2000,
});

export function addNorthwindOnlineTraining(o: Org, people: NorthwindPeople): NorthwindTraining {
  const { emp, olivia, mia, ava } = people;
  const hr = o.id('user', 'olivia.admin');
  const makers: Array<[(id: PartId) => DemoCourse, string]> = [
    [siteInduction, 'Site Induction'],
    [forkliftRefresher, 'Forklift Refresher'],
    [fireSafety, 'Fire Safety'],
    [manualHandling, 'Manual Handling'],
    [ladderSafety, 'Ladder Safety'],
  ];
  const courses = addCourses(
    o,
    makers.map(([make, parts]) => make(partsOf(o, parts))),
    hr,
  );
  const induction = courses['Site Induction']!;
  const forklift = courses['Forklift Refresher']!;
  addTrainingAssignment(o, {
    key: 'mia/forklift',
    course: forklift,
    employeeId: mia,
    reviewerId: ava,
    completeBy: -4,
    createdDaysAgo: 30,
    createdById: hr,
    message: 'Your licence renewal needs the refresher passed.',
    attempts: [
      { day: -20, minutes: 12, wrong: [1] },
      { day: -12, minutes: 9, wrong: [3] },
      { day: -6, minutes: 7, wrong: [2] },
    ],
  });
  const passed: Array<[string, number, number[], number]> = [
    ['chloe', -95, [], 2],
    ['henry', -70, [3], 2],
    ['isla', -41, [], 1],
    ['sophie', -16, [4], 2],
  ];
  for (const [key, day, wrong, shortPoints] of passed)
    addTrainingAssignment(o, {
      key: `${key}/induction`,
      course: induction,
      employeeId: emp(key),
      reviewerId: olivia,
      completeBy: day + 7,
      createdDaysAgo: -day + 10,
      createdById: hr,
      attempts: [{ day, minutes: 18, wrong, shortPoints, comment: 'Clear and complete.' }],
    });
  addTrainingAssignment(o, {
    key: 'henry/forklift',
    course: forklift,
    employeeId: emp('henry'),
    reviewerId: ava,
    completeBy: -50,
    createdDaysAgo: 70,
    createdById: hr,
    repeat: { frequency: 'years', interval: 1 },
    attempts: [{ day: -55, minutes: 8 }],
  });
  return { fire: courses['Fire Safety']! };
}
