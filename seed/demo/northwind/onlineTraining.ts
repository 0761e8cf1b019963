import {
  coursePublishProblems,
  ZTrainingCourseContent,
  type TTrainingCourseContent,
  type TTrainingCourseContentInput,
} from '@compass/shared';
import type { Tx } from '../ids';
import type { Org } from '../rows';

/**
 * Northwind's online training catalogue (issue 43, docs/online-training.md): "Site Induction"
 * published once (three sections, one a video; six questions of every kind), "Forklift Refresher"
 * at version 2 with unpublished changes, "Manual Handling" a draft never published, and "Ladder
 * Safety (2019)" out of use. Olivia (hrAdmin) published them. Written after the other rows
 * (seedDemo), in the same transaction.
 */

type Question = NonNullable<TTrainingCourseContentInput['questions']>[number];
/** The id of a part (section, question, option) of one course. */
type PartId = (part: string) => string;

interface DemoCourse {
  name: string;
  description: string;
  /** The published versions' content, oldest first. */
  versions: TTrainingCourseContent[];
  draft: TTrainingCourseContent | null;
  isActive: boolean;
  createdDaysAgo: number;
}

const content = (input: TTrainingCourseContentInput) => ZTrainingCourseContent.parse(input);

/** A choice question: single choice with one correct answer, multiple choice with several. */
const choice = (id: PartId, n: number, text: string, answers: string[], correct: number[]): Question => ({
  _id: id(`q${n}`),
  kind: correct.length > 1 ? 'multipleChoice' : 'singleChoice',
  text,
  options: answers.map((answer, index) => ({ _id: id(`q${n}o${index}`), text: answer })),
  correctOptionIds: correct.map((index) => id(`q${n}o${index}`)),
});

const trueFalse = (id: PartId, n: number, text: string, correctAnswer: boolean): Question => ({
  _id: id(`q${n}`),
  kind: 'trueFalse',
  text,
  correctAnswer,
});

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

export async function writeNorthwindOnlineTraining(tx: Tx, o: Org): Promise<void> {
  const { companyId, cal } = o;
  const olivia = o.id('user', 'olivia.admin');
  const courses = [
    siteInduction((part) => o.id('trainingCourse', `Site Induction/${part}`)),
    forkliftRefresher((part) => o.id('trainingCourse', `Forklift Refresher/${part}`)),
    manualHandling((part) => o.id('trainingCourse', `Manual Handling/${part}`)),
    ladderSafety((part) => o.id('trainingCourse', `Ladder Safety/${part}`)),
  ];
  for (const course of courses) {
    for (const version of course.versions)
      if (coursePublishProblems(version).length > 0)
        throw new Error(`Demo seed: ${course.name} cannot be published`);
    const courseId = o.id('trainingCourse', course.name);
    const published = course.versions.length;
    await tx.trainingCourse.create({
      data: {
        id: courseId,
        companyId,
        name: course.name,
        description: course.description,
        isActive: course.isActive,
        currentVersion: published,
        draft: course.draft ?? undefined,
        revision: published + (course.draft ? 1 : 0) + (course.isActive ? 0 : 1),
        createdById: olivia,
        updatedByUserId: olivia,
        createdAt: cal.at(-course.createdDaysAgo),
      },
    });
    await tx.trainingCourseVersion.createMany({
      data: course.versions.map((version, index) => ({
        id: o.id('trainingCourseVersion', `${course.name}/${index + 1}`),
        companyId,
        courseId,
        number: index + 1,
        content: version,
        passMark: version.passMark,
        attemptsAllowed: version.attemptsAllowed,
        expectedMinutes: version.expectedMinutes,
        questionCount: version.questions.length,
        publishedById: olivia,
        publishedAt: cal.at(-course.createdDaysAgo + 30 * index),
      })),
    });
  }
}
