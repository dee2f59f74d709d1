"""Where the tests leave what a person looks at afterwards (screenshots): test-results/ in the checkout, or
TAIKAI_TEST_RESULTS, so two suites run at once (.ci/run) never clear each other's folder."""
import os
from pathlib import Path

TEST_RESULTS = Path(os.environ.get("TAIKAI_TEST_RESULTS") or Path(__file__).resolve().parents[2] / "test-results")
