import type { Org } from './rows';
import { addCourses, choice, content, partsOf, trueFalse, type BuiltCourse } from './training';

/** Southbank's one published course (its dashboard assigns it): two sections, four questions. */
export function addSouthbankCourse(o: Org, publisherUserId: string): BuiltCourse {
  const name = 'Dock Safety Basics';
  const id = partsOf(o, name);
  const version = content({
    introduction: 'Everyone working on the docks completes this in their first week.',
    sections: [
      {
        _id: id('s1'),
        title: 'Moving around the dock',
        body: '<p>Walk inside the <strong>yellow lines</strong> and make eye contact with drivers before crossing.</p>',
      },
      {
        _id: id('s2'),
        title: 'Loading and unloading',
        body: '<p>Chock the wheels and check the dock leveller before anyone enters a trailer.</p>',
      },
    ],
    questions: [
      choice(id, 1, 'Where do you walk on the dock?', ['Inside the yellow lines', 'Anywhere clear'], [0]),
      trueFalse(id, 2, 'You may enter a trailer before its wheels are chocked.', false),
      choice(
        id,
        3,
        'What do you check before entering a trailer?',
        ['The wheel chocks', 'The dock leveller', 'The radio'],
        [0, 1],
      ),
      {
        _id: id('q4'),
        kind: 'shortAnswer',
        text: 'What do you do before crossing in front of a truck?',
        modelAnswer: 'Stop, make eye contact with the driver and wait for their signal.',
        points: 2,
      },
    ],
    passMark: 80,
    attemptsAllowed: 2,
    expectedMinutes: 10,
  });
  const course = {
    name,
    description: 'The dock rules for new starters.',
    versions: [version],
    draft: null,
    isActive: true,
    createdDaysAgo: 90,
    writtenAnswer: 'I stop and wait until the driver has seen me.',
  };
  return addCourses(o, [course], publisherUserId)[name]!;
}
