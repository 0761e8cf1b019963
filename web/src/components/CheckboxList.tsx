/** Named records ({ _id, name }) as checkboxes; `chosen` is the ids ticked, in the order they were. */
export function CheckboxList({
  choices,
  chosen,
  onChange,
}: {
  choices: readonly { _id: string; name: string }[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  return choices.map((choice) => (
    <label key={choice._id} className="checkbox">
      <input
        type="checkbox"
        checked={chosen.includes(choice._id)}
        onChange={(event) =>
          onChange(event.target.checked ? [...chosen, choice._id] : chosen.filter((id) => id !== choice._id))
        }
      />
      {choice.name}
    </label>
  ));
}
