"""A rehearsal's screenshots for a person to look at: test-results/<folder>/NN-step-who-lang.png, numbered
in the order a person meets them (the last run's are replaced); a laptop's page whole, a phone's screen."""
from results_folder import TEST_RESULTS as ROOT

PHONE_WIDTH = 390


class StepShots:
    def __init__(self, folder: str):
        self.folder, self.count = ROOT / folder, 0
        self.folder.mkdir(parents=True, exist_ok=True)
        for old in self.folder.glob("*.png"):
            old.unlink()

    def __call__(self, page, step: str, who: str, lang: str = "ja", show: str | None = None) -> None:
        """What is in view on a phone (scrolled to ``show`` when given), the whole page on a laptop."""
        self.count += 1
        page.wait_for_load_state()
        if show is not None:
            page.locator(show).first.scroll_into_view_if_needed()
        page.screenshot(path=str(self.folder / f"{self.count:02d}-{step}-{who}-{lang}.png"),
                        full_page=page.viewport_size["width"] > PHONE_WIDTH)
