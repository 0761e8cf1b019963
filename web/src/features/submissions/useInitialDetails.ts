import { headerGivenByOrganisation } from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { notifyError } from '../../api/errors';
import { fetchBranches, useBranches } from './api';
import type { EditorState, FormShape } from './editorState';
import type { EditorTransport } from './editorTransport';

interface InitialDetailsInput {
  shape: FormShape;
  viewer: { employeeId: string | null };
  state: EditorState;
  setState: Dispatch<SetStateAction<EditorState>>;
  transport: EditorTransport;
}

/** The initial details' places and coordinator: who gives them, the branches of the workplace, the choices. */
export function useInitialDetails({ shape, viewer, state, setState, transport }: InitialDetailsInput) {
  const queryClient = useQueryClient();
  // A supplier filling in its form is not asked for the organisation's coordinator and place.
  const givenByOrganisation = headerGivenByOrganisation(shape.formType, viewer.employeeId !== null);
  const branchList = useBranches(givenByOrganisation ? '' : state.header.workplace, transport.branches);
  const branches = branchList.data ?? [];
  // A workplace without branches needs none (until its list is read, the server's check decides).
  const workplaceHasBranches = branches.length > 0;
  const branchNotApplicable =
    !!state.header.workplace && branchList.isSuccess && !workplaceHasBranches && !state.header.branch;

  const setHeader = (change: Partial<EditorState['header']>) =>
    setState((previous) => ({ ...previous, header: { ...previous.header, ...change } }));

  // Branch defaults (001 section 5): a workplace with exactly one branch preselects it.
  const chooseWorkplace = async (workplace: string) => {
    setHeader({ workplace, branch: '' });
    if (!workplace) return;
    try {
      const list = await fetchBranches(queryClient, workplace, transport.branches);
      if (list.length === 1) {
        setState((previous) =>
          previous.header.workplace === workplace && previous.header.branch === ''
            ? { ...previous, header: { ...previous.header, branch: list[0]!._id } }
            : previous,
        );
      }
    } catch (error) {
      notifyError(error);
    }
  };

  const chooseCoordinator = (userId: string) => {
    const others = state.header.submissionUserId.slice(1).filter((user) => user.userId !== userId);
    setHeader({ submissionUserId: userId ? [{ userId }, ...others] : others });
  };

  return {
    givenByOrganisation,
    branches,
    workplaceHasBranches,
    branchNotApplicable,
    setHeader,
    chooseWorkplace,
    chooseCoordinator,
  };
}
